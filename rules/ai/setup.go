package ai

import "github.com/mortain/mortain/rules"

// setupAction is the next step of the US set-up (R2.1): the historical
// positions — both infantry and guns on cover, Hill 314 with its range of 3,
// Mortain's city — then the end of the set-up.
func setupAction(s *rules.State) rules.Action {
	sc := s.Scenario()
	for u, d := range sc.Units {
		if d.Side == rules.US && !d.Reserve && s.Unit(rules.UnitID(u)).Status != rules.OnMap {
			return rules.Historical()
		}
	}
	return rules.SetupDone()
}
