package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// decodeJSON reads body, one JSON value, into v, a pointer. Unknown
// fields, duplicate keys, keys that differ from a field's name in case
// only, invalid UTF-8 and data after the value are refused. The error is
// a 400 whose message says where (line and column of the body) and what.
func decodeJSON(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(body, err)
	}
	end := dec.InputOffset() // just after the value
	if _, err := dec.Token(); err != io.EOF {
		rest := body[end:]
		line, col := position(body, end+int64(len(rest)-len(bytes.TrimLeft(rest, " \t\r\n"))))
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: unexpected data after the JSON value", line, col)
	}
	return strictJSON(body, reflect.TypeOf(v).Elem())
}

// strictJSON checks body, which encoding/json has decoded into a value of
// type t, again with the stricter rules of JSON v2
// (github.com/go-json-experiment/json, the prototype of encoding/json/v2):
// encoding/json keeps the last of duplicate keys and fills a field from a
// key that matches its name in another case ("Position" fills "position"),
// so that a typo or a second value would be silently taken.
func strictJSON(body []byte, t reflect.Type) error {
	err := jsonv2.Unmarshal(body, reflect.New(t).Interface(),
		jsonv2.RejectUnknownMembers(true), jsonv2.WithUnmarshalers(strictComponent))
	if err == nil {
		return nil
	}
	if se, ok := errors.AsType[*jsontext.SyntacticError](err); ok {
		line, col := position(body, se.ByteOffset)
		if errors.Is(se.Err, jsontext.ErrDuplicateName) {
			return errorf(http.StatusBadRequest, "request body, line %d, column %d: duplicate key %q", line, col, se.JSONPointer.LastToken())
		}
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: malformed JSON: %v", line, col, se.Err)
	}
	if se, ok := errors.AsType[*jsonv2.SemanticError](err); ok {
		line, col := position(body, se.ByteOffset)
		if errors.Is(se.Err, jsonv2.ErrUnknownName) {
			name := se.JSONPointer.LastToken()
			return errorf(http.StatusBadRequest, "request body, line %d, column %d: unknown field %q%s", line, col, name, caseHint(se.GoType, name))
		}
		msg := trimJSONPrefix(se.Error())
		if se.Err != nil {
			msg = se.Err.Error()
		}
		return errorf(http.StatusBadRequest, "request body, line %d, column %d: %s", line, col, msg)
	}
	if ae, ok := errors.AsType[*apiError](err); ok {
		return ae
	}
	return errorf(http.StatusBadRequest, "request body: %s", trimJSONPrefix(err.Error()))
}

// strictComponent decodes a component given as an object with the strict
// rules: its method UnmarshalJSON decodes one with encoding/json.
var strictComponent = jsonv2.UnmarshalFromFunc(func(dec *jsontext.Decoder, c *component) error {
	if dec.PeekKind() != '{' {
		return jsonv2.SkipFunc // an integer or a string: no keys
	}
	return jsonv2.UnmarshalDecode(dec, &c.Cell)
})

// caseHint says, when a field of the struct type t has name in another
// case, that keys are case-sensitive and which key is meant.
func caseHint(t reflect.Type, name string) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return ""
	}
	for f := range t.Fields() {
		if !f.IsExported() {
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if key == "-" {
			continue
		}
		if key == "" {
			key = f.Name
		}
		if strings.EqualFold(key, name) {
			return fmt.Sprintf(" (keys are case-sensitive: did you mean %q?)", key)
		}
	}
	return ""
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
