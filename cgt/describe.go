package cgt

// Description is what the theory says of a game, as nimber value prints
// it: canonical forms written in CGSuite's notation (Notation), numbers as
// CGSuite writes them (Dyadic.String).
type Description struct {
	Canonical   string `json:"canonical"`
	Outcome     string `json:"outcome"` // L, R, N or P
	LeftStop    string `json:"left_stop"`
	RightStop   string `json:"right_stop"`
	Mean        string `json:"mean"`
	Temperature string `json:"temperature"`
	Birthday    int64  `json:"birthday"`
	// AtomicWeight is nil when the game is not atomic.
	AtomicWeight *string  `json:"atomic_weight"`
	LeftOptions  []string `json:"left_options"`
	RightOptions []string `json:"right_options"`
	// Thermograph is set only when asked for (DescribeThermograph).
	Thermograph *ThermographData `json:"thermograph,omitempty"`
}

// ThermographData is a thermograph as data: its walls, segment by
// segment, and where they meet.
type ThermographData struct {
	Left        []Segment `json:"left"`
	Right       []Segment `json:"right"`
	Mean        string    `json:"mean"`
	Temperature string    `json:"temperature"`
}

// Segment is a piece of a thermograph's wall: from temperature From on
// (up to the next segment's, the last one for ever) the wall starts at
// Value and changes by Slope (-1, 0 or 1) for each unit of temperature.
type Segment struct {
	From  string `json:"from"`
	Value string `json:"value"`
	Slope int    `json:"slope"`
}

// Describe returns what the theory says of the canonical game g: its
// canonical form, outcome class, stops, mean, temperature, birthday,
// atomic weight (nil when not atomic) and options, each side's in the
// order in which they are written. The error is ErrLimit, or a value
// beyond 64-bit dyadics, or ErrNotation when g or an option would be
// written in more than MaxWritten characters (CheckNotation).
func (c *Calc) Describe(g Game) (Description, error) {
	if err := c.CheckNotation(g); err != nil {
		return Description{}, err
	}
	mean, err := c.Mean(g)
	if err != nil {
		return Description{}, err
	}
	temp, err := c.Temperature(g)
	if err != nil {
		return Description{}, err
	}
	d := Description{
		Canonical:    c.Notation(g),
		Outcome:      c.OutcomeOf(g).String(),
		LeftStop:     c.LeftStop(g).String(),
		RightStop:    c.RightStop(g).String(),
		Mean:         mean.String(),
		Temperature:  temp.String(),
		Birthday:     c.Birthday(g),
		LeftOptions:  c.notations(c.sortedOptions(g, true)),
		RightOptions: c.notations(c.sortedOptions(g, false)),
	}
	aw, ok, err := c.AtomicWeight(g)
	if err != nil {
		return Description{}, err
	}
	if ok {
		s := c.Notation(aw)
		d.AtomicWeight = &s
	}
	return d, nil
}

// DescribeThermograph returns the thermograph of g as data.
func (c *Calc) DescribeThermograph(g Game) (*ThermographData, error) {
	th, err := c.Thermograph(g)
	if err != nil {
		return nil, err
	}
	return &ThermographData{Left: segments(th.Left), Right: segments(th.Right), Mean: th.Mean.String(),
		Temperature: th.Temperature.String()}, nil
}

func segments(w Wall) []Segment {
	out := make([]Segment, len(w.At))
	for i := range w.At {
		out[i] = Segment{From: w.At[i].String(), Value: w.Value[i].String(), Slope: w.Slope[i]}
	}
	return out
}

// notations writes each game of gs (never nil, so that JSON has []).
func (c *Calc) notations(gs []Game) []string {
	out := make([]string, 0, len(gs))
	for _, g := range gs {
		out = append(out, c.Notation(g))
	}
	return out
}
