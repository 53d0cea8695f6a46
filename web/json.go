package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
)

// decodeJSON reads body, one JSON value, into v. Unknown fields and data
// after the value are refused. The error is a 400 whose message says where
// (line and column of the body) and what.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(body, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		line, col := position(body, dec.InputOffset())
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: unexpected data after the JSON value", line, col)
	}
	return nil
}

// jsonError explains a decoding error of body.
func jsonError(body []byte, err error) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return errorf(http.StatusBadRequest, "empty request body: want a JSON object")
	}
	if se, ok := errors.AsType[*json.SyntaxError](err); ok {
		line, col := position(body, se.Offset-1) // Offset counts the bad byte
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: malformed JSON: %v", line, col, se)
	}
	if te, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		line, col := position(body, te.Offset)
		field := te.Field
		if field == "" {
			field = "the value"
		}
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: %s: want %s, got JSON %s", line, col, field, typeName(te.Type.String()), te.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		line, col := position(body, int64(len(body)))
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: malformed JSON: unexpected end of input", line, col)
	}
	if ae, ok := errors.AsType[*apiError](err); ok {
		return ae // from an UnmarshalJSON method of ours
	}
	msg := trimJSONPrefix(err.Error())
	if name, ok := strings.CutPrefix(msg, "unknown field "); ok {
		// The decoder does not say where: the field's first occurrence.
		if i := bytes.Index(body, []byte(name)); i >= 0 {
			line, col := position(body, int64(i))
			return errorf(http.StatusBadRequest, "request body, line %d, column %d: %s", line, col, msg)
		}
	}
	return errorf(http.StatusBadRequest, "request body: %s", msg)
}

// typeName says a Go type in JSON's words.
func typeName(t string) string {
	switch t {
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "int", "int64", "int32", "uint16", "uint8":
		return "an integer"
	case "[]string":
		return "an array of strings"
	case "[]int":
		return "an array of integers"
	}
	if strings.HasPrefix(t, "[]") {
		return "an array"
	}
	return "an object"
}

func trimJSONPrefix(s string) string {
	s, _ = strings.CutPrefix(s, "json: ")
	return s
}

// position returns the 1-based line and column of byte offset off of body.
func position(body []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(body)))
	before := body[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}
