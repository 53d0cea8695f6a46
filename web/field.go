package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"nimber/sg/nimfield"
)

// fieldRequest is the body of POST /api/field.
type fieldRequest struct {
	// Op is mul, inv, sqrt, pow or table (nimfield.Ops).
	Op string `json:"op"`
	// Args are the words, each a JSON string (decimal, or hexadecimal
	// after 0x) or a JSON integer.
	Args []fieldWord `json:"args"`
}

// fieldWord is an argument of POST /api/field: a JSON string or integer,
// kept as its text for nimfield.Parse, so that no word passes through a
// double.
type fieldWord string

// UnmarshalJSON implements json.Unmarshaler: a string's contents, or an
// integer's digits; anything else is refused.
func (w *fieldWord) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*w = fieldWord(s)
		return nil
	}
	if len(b) == 0 || b[0] < '0' || b[0] > '9' || bytes.ContainsAny(b, ".eE") {
		return fmt.Errorf("argument %.40s: want an unsigned integer or a string", b)
	}
	*w = fieldWord(b)
	return nil
}

// handleField answers POST /api/field: an operation of the nim-field
// (nimfield.Eval), as nimber field --json prints it. The arguments and
// the table's side are checked before anything is allocated: at most
// nimfield.MaxFactors words, a table of at most nimfield.MaxTable rows.
func (s *Server) handleField(w http.ResponseWriter, r *http.Request) {
	req, ok := readRequest[fieldRequest](s, w, r)
	if !ok {
		return
	}
	args := make([]string, len(req.Args))
	for i, a := range req.Args {
		args[i] = string(a)
	}
	s.compute(w, r, func(context.Context) (any, error) {
		a, err := nimfield.Eval(req.Op, args)
		if err != nil {
			return nil, badRequest(err)
		}
		return a, nil
	})
}
