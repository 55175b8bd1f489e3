package bot

import "testing"

func TestRouterMatchesPathLikePatterns(t *testing.T) {
	var r router
	var got string
	r.add(slashCommand, "mortain/{sub}", func(c *call) { got = "command " + c.vars["sub"] })
	r.add(component, "mortain/{verb}/*", func(c *call) { got = "button " + c.vars["verb"] + " " + c.vars["*"] })
	cases := []struct {
		k    kind
		path string
		want string
	}{
		{slashCommand, "mortain/move", "command move"},
		{component, "mortain/pass/k3f/57", "button pass k3f/57"},
		{component, "mortain/pass", "button pass "},
		{slashCommand, "other/move", ""},
		{slashCommand, "mortain/move/extra", ""},
		{autocomplete, "mortain/move", ""},
		{component, "elsewhere/pass/1", ""},
	}
	for _, c := range cases {
		got = ""
		h, vars, ok := r.match(c.k, c.path)
		if ok {
			h(&call{vars: vars})
		}
		if got != c.want {
			t.Errorf("%d %s: %q, want %q", c.k, c.path, got, c.want)
		}
	}
}
