package ai

// easyWith makes easy German players with the weights w.
func easyWith(w *germanWeights) func(seed uint64) Player {
	return func(seed uint64) Player {
		p := newEasy(seed)
		p.v.gw = w
		return p
	}
}

// placedEasyUS makes easy US players set up as u, one placement at a
// time (rules.Place), then rules.SetupDone.
func placedEasyUS(u USSetup) func(seed uint64) Player {
	return func(seed uint64) Player { return &placedEasy{newEasy(seed), placer{setup: u}} }
}
