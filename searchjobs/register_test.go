package searchjobs_test

// The tests run on Domineering's search as the programs do: the registry
// registers it (registry/splitsearch.go).
import _ "nimber/registry"
