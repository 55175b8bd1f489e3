package fakediscord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Spec validates requests, and the fake's answers, against Discord's
// official OpenAPI document
// (bot/testdata/openapi.json, OpenAPI 3.1, whose schemas are JSON Schema
// 2020-12).
type Spec struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	routes   []route

	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema
}

// route is one path template of the spec with its operations.
type route struct {
	template string
	segments []string
	literals int
	methods  map[string]bool
}

// Operation is a request matched to the spec.
type Operation struct {
	Method   string
	Template string // the spec's path template, e.g. /channels/{channel_id}/messages
	Params   map[string]string
}

const specURL = "https://discord.com/openapi.json"

var (
	specOnce   sync.Once
	sharedSpec *Spec
	specErr    error
)

// LoadSpec returns the spec from bot/testdata, parsed once per process.
func LoadSpec() (*Spec, error) {
	specOnce.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		path := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "openapi.json")
		sharedSpec, specErr = ParseSpec(path)
	})
	return sharedSpec, specErr
}

// ParseSpec reads an OpenAPI document from path.
func ParseSpec(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	raw, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	doc, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: not an OpenAPI document", path)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, err
	}
	s := &Spec{doc: doc, compiler: c, schemas: map[string]*jsonschema.Schema{}}
	paths, _ := doc["paths"].(map[string]any)
	for tmpl, v := range paths {
		ops, _ := v.(map[string]any)
		r := route{template: tmpl, segments: strings.Split(strings.Trim(tmpl, "/"), "/"), methods: map[string]bool{}}
		for _, seg := range r.segments {
			if !isParam(seg) {
				r.literals++
			}
		}
		for m := range ops {
			r.methods[strings.ToUpper(m)] = true
		}
		s.routes = append(s.routes, r)
	}
	// Most literal segments first, so /messages/@original wins over
	// /messages/{message_id}.
	sort.Slice(s.routes, func(i, j int) bool {
		if s.routes[i].literals != s.routes[j].literals {
			return s.routes[i].literals > s.routes[j].literals
		}
		return s.routes[i].template < s.routes[j].template
	})
	return s, nil
}

func isParam(seg string) bool { return strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") }

// Match finds the operation for method and an API path without the
// /api/vN prefix (e.g. /channels/1/messages).
func (s *Spec) Match(method, path string) (Operation, error) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, r := range s.routes {
		if len(r.segments) != len(segs) {
			continue
		}
		params := map[string]string{}
		ok := true
		for i, seg := range r.segments {
			if isParam(seg) {
				if segs[i] == "" {
					ok = false
					break
				}
				params[strings.Trim(seg, "{}")] = segs[i]
			} else if seg != segs[i] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if !r.methods[method] {
			return Operation{}, fmt.Errorf("%s %s: the spec has no %s operation on %s", method, path, method, r.template)
		}
		return Operation{Method: method, Template: r.template, Params: params}, nil
	}
	return Operation{}, fmt.Errorf("%s %s: no such route in the spec", method, path)
}

// pointer escapes a JSON pointer token and makes it safe in a URL fragment.
func pointer(tokens ...string) string {
	var b strings.Builder
	for _, t := range tokens {
		t = strings.ReplaceAll(t, "~", "~0")
		t = strings.ReplaceAll(t, "/", "~1")
		t = strings.ReplaceAll(t, "%", "%25")
		t = strings.ReplaceAll(t, "{", "%7B")
		t = strings.ReplaceAll(t, "}", "%7D")
		b.WriteString("/")
		b.WriteString(t)
	}
	return b.String()
}

func (s *Spec) schema(tokens ...string) (*jsonschema.Schema, error) {
	loc := specURL + "#" + pointer(tokens...)
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.schemas[loc]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(loc)
	if err != nil {
		return nil, fmt.Errorf("compile %s: %w", loc, err)
	}
	s.schemas[loc] = sch
	return sch, nil
}

// lookup walks the raw document.
func (s *Spec) lookup(tokens ...string) (any, bool) {
	var cur any = s.doc
	for _, t := range tokens {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[t]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// ValidateParams checks the path parameters against their schemas.
func (s *Spec) ValidateParams(op Operation) error {
	for _, where := range [][]string{
		{"paths", op.Template, "parameters"},
		{"paths", op.Template, strings.ToLower(op.Method), "parameters"},
	} {
		list, _ := s.lookup(where...)
		params, _ := list.([]any)
		for i, p := range params {
			pm, _ := p.(map[string]any)
			if pm["in"] != "path" {
				continue
			}
			name, _ := pm["name"].(string)
			sch, err := s.schema(append(append([]string{}, where...), fmt.Sprint(i), "schema")...)
			if err != nil {
				return err
			}
			if err := sch.Validate(op.Params[name]); err != nil {
				return fmt.Errorf("path parameter %s=%q: %v", name, op.Params[name], err)
			}
		}
	}
	return nil
}

// ValidateBody checks a JSON body (for multipart requests, the
// payload_json part) against the operation's request body schema for the
// given media type. A nil body is valid only if the spec requires none.
func (s *Spec) ValidateBody(op Operation, mediaType string, body []byte) error {
	rb, ok := s.lookup("paths", op.Template, strings.ToLower(op.Method), "requestBody")
	if !ok {
		if len(bytes.TrimSpace(body)) > 0 {
			return fmt.Errorf("%s %s takes no request body", op.Method, op.Template)
		}
		return nil
	}
	if len(bytes.TrimSpace(body)) == 0 {
		if req, _ := rb.(map[string]any)["required"].(bool); req {
			return fmt.Errorf("%s %s requires a request body", op.Method, op.Template)
		}
		return nil
	}
	if _, ok := s.lookup("paths", op.Template, strings.ToLower(op.Method), "requestBody", "content", mediaType); !ok {
		return fmt.Errorf("%s %s does not accept %s", op.Method, op.Template, mediaType)
	}
	sch, err := s.schema("paths", op.Template, strings.ToLower(op.Method), "requestBody", "content", mediaType, "schema")
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("body is not JSON: %w", err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s %s: invalid body %s: %v", op.Method, op.Template, truncate(body, 600), err)
	}
	return nil
}

// ValidateResponse checks a JSON answer to op against the spec's response
// for status: the exact code, else its range (e.g. 4XX), else default. A
// status the spec does not list is not checked; an empty body is valid
// only if that response has no JSON content.
func (s *Spec) ValidateResponse(op Operation, status int, body []byte) error {
	resp, ok := s.response(op, status)
	if !ok {
		return nil
	}
	where := append(resp, "content", "application/json", "schema")
	_, hasSchema := s.lookup(where...)
	empty := len(bytes.TrimSpace(body)) == 0
	switch {
	case !hasSchema && empty:
		return nil
	case !hasSchema:
		return fmt.Errorf("%s %s: the spec gives status %d no JSON body", op.Method, op.Template, status)
	case empty:
		return fmt.Errorf("%s %s: status %d needs a JSON body", op.Method, op.Template, status)
	}
	sch, err := s.schema(where...)
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("answer is not JSON: %w", err)
	}
	if err := sch.Validate(v); err != nil {
		return fmt.Errorf("%s %s: invalid %d answer %s: %v", op.Method, op.Template, status, truncate(body, 600), err)
	}
	return nil
}

// response finds the tokens of the response object for status, following
// one local $ref (e.g. to #/components/responses/ClientErrorResponse).
func (s *Spec) response(op Operation, status int) ([]string, bool) {
	base := []string{"paths", op.Template, strings.ToLower(op.Method), "responses"}
	for _, key := range []string{strconv.Itoa(status), strconv.Itoa(status/100) + "XX", "default"} {
		tokens := append(append([]string{}, base...), key)
		v, ok := s.lookup(tokens...)
		if !ok {
			continue
		}
		if ref, _ := v.(map[string]any)["$ref"].(string); strings.HasPrefix(ref, "#/") {
			return refTokens(ref), true
		}
		return tokens, true
	}
	return nil, false
}

// refTokens splits a local JSON pointer reference into unescaped tokens.
func refTokens(ref string) []string {
	tokens := strings.Split(strings.TrimPrefix(ref, "#/"), "/")
	for i, t := range tokens {
		tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return tokens
}

func truncate(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}

// RawJSON marshals v (a helper for tests).
func RawJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}
