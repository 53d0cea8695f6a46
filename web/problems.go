package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"

	"nimber/problems"
	"nimber/registry"
)

// problemInfo is one entry of GET /api/problems: an official problem.
type problemInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Alphabet lists the characters of a board's rows.
	Alphabet string `json:"alphabet"`
	// Example is a small input in the problem's official format.
	Example string `json:"example"`
	// Square: a case gives one side n, for an n x n board, not "R C".
	Square bool `json:"square,omitempty"`
	// Engines lists the engines of ?engine=, the default first.
	Engines []problems.Engine `json:"engines"`
	// MaxSide bounds the rows and columns of a board to solve on this
	// server, MaxCases the cases of an input.
	MaxSide  int `json:"max_side"`
	MaxCases int `json:"max_cases"`
}

// problemList builds the answer of GET /api/problems from the registry.
func (s *Server) problemList() []problemInfo {
	var out []problemInfo
	for _, e := range registry.Problems() {
		p := e.Problem
		out = append(out, problemInfo{
			Name:     p.Name,
			Title:    p.Title,
			Alphabet: p.Spec.Alphabet,
			Example:  p.Example,
			Square:   p.Spec.Square,
			Engines:  p.Engines,
			MaxSide:  min(p.Spec.MaxSide, s.opts.MaxSide),
			MaxCases: p.Spec.MaxCases,
		})
	}
	return out
}

// solveResponse is the answer of POST /api/solve/{problem}.
type solveResponse struct {
	// Output is exactly what "nimber solve" prints: one line per case.
	Output string `json:"output"`
}

// analyzeResponse is the answer of POST /api/analyze/{problem}.
type analyzeResponse struct {
	// Cases are what "nimber analyze --json" prints.
	Cases []problems.Analysis `json:"cases"`
}

// handleSolve answers POST /api/solve/{problem}: the official output.
func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	s.analyze(w, r, true, func(results []problems.Analysis) any {
		var b strings.Builder
		for _, a := range results {
			b.WriteString(a.Official)
			b.WriteByte('\n')
		}
		return solveResponse{Output: b.String()}
	})
}

// handleAnalyze answers POST /api/analyze/{problem}: every case explained.
func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	s.analyze(w, r, false, func(results []problems.Analysis) any {
		return analyzeResponse{Cases: results}
	})
}

// analyze reads the official input of the request's problem, checks it
// against the server's limits, analyses every case in a computation slot
// and answers answer(results).
func (s *Server) analyze(w http.ResponseWriter, r *http.Request, brief bool, answer func([]problems.Analysis) any) {
	p, err := registry.Problem(r.PathValue("problem"))
	if err != nil {
		s.fail(w, r, errorf(http.StatusNotFound, "%v", err))
		return
	}
	q, err := query(r, "engine")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	engine := p.Engines[0]
	if e, ok := q["engine"]; ok {
		engine = problems.Engine(e)
		if !slices.Contains(p.Engines, engine) {
			s.fail(w, r, errorf(http.StatusBadRequest, "engine=%q is not an engine of %s (known: %s)", e, p.Name, joinEngines(p.Engines)))
			return
		}
	}
	body, err := s.readBody(w, r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cases, err := p.Parse(bytes.NewReader(body))
	if err != nil {
		s.fail(w, r, badRequest(err))
		return
	}
	if err := s.checkSides(p, cases); err != nil {
		s.fail(w, r, err)
		return
	}
	opts := problems.Options{Engine: engine, MaxMemory: s.opts.MaxMemory, Brief: brief}
	s.compute(w, r, func(ctx context.Context) (any, error) {
		results, err := p.Analyze(ctx, cases, opts)
		if me, ok := errors.AsType[*problems.MemoryError](err); ok {
			return nil, errorf(http.StatusBadRequest, "%s %d: board %d x %d needs about %s, over the server's memory limit of %s",
				caseName(p), me.Case, me.Rows, me.Cols, problems.FormatBytes(me.Need), problems.FormatBytes(me.MaxBytes))
		}
		if err != nil {
			return nil, err
		}
		return answer(results), nil
	})
}

// checkSides refuses boards beyond the server's MaxSide.
func (s *Server) checkSides(p *problems.Problem, cases []problems.Case) error {
	for i, g := range cases {
		if g.Rows > s.opts.MaxSide || g.Cols > s.opts.MaxSide {
			return errorf(http.StatusBadRequest, "%s %d: board %d x %d is over the server's limit of %d rows and columns",
				caseName(p), i+1, g.Rows, g.Cols, s.opts.MaxSide)
		}
	}
	return nil
}

// caseName is the problem's word for a case: "case", or "test" for BOI.
func caseName(p *problems.Problem) string {
	if p.Spec.CaseName != "" {
		return p.Spec.CaseName
	}
	return "case"
}

func joinEngines(es []problems.Engine) string {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = string(e)
	}
	return strings.Join(names, ", ")
}
