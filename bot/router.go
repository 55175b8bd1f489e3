package bot

import (
	"strings"
)

// kind is the kind of interaction a route answers.
type kind uint8

const (
	slashCommand kind = iota + 1
	autocomplete
	component
)

// handler answers one routed interaction; vars holds the pattern's
// variables.
type handler func(c *call)

// route is one entry of the route table: a path-like pattern such as
// "mortain/{sub}" (a slash command and its subcommand) or
// "mortain/{verb}/*" (a button's custom ID; "*" takes the rest).
type route struct {
	kind    kind
	pattern []string
	h       handler
}

// router is the one route table for slash commands, autocomplete and
// components, in the style of an HTTP mux.
type router struct{ routes []route }

func (r *router) add(k kind, pattern string, h handler) {
	r.routes = append(r.routes, route{kind: k, pattern: strings.Split(pattern, "/"), h: h})
}

// match finds the first route of kind k whose pattern fits path.
func (r *router) match(k kind, path string) (handler, map[string]string, bool) {
	segs := strings.Split(path, "/")
	for _, rt := range r.routes {
		if rt.kind != k {
			continue
		}
		if vars, ok := fit(rt.pattern, segs); ok {
			return rt.h, vars, true
		}
	}
	return nil, nil, false
}

func fit(pattern, segs []string) (map[string]string, bool) {
	vars := map[string]string{}
	for i, p := range pattern {
		if p == "*" {
			vars["*"] = strings.Join(segs[i:], "/")
			return vars, true
		}
		if i >= len(segs) {
			return nil, false
		}
		if strings.HasPrefix(p, "{") && strings.HasSuffix(p, "}") {
			if segs[i] == "" {
				return nil, false
			}
			vars[p[1:len(p)-1]] = segs[i]
			continue
		}
		if p != segs[i] {
			return nil, false
		}
	}
	return vars, len(pattern) == len(segs)
}
