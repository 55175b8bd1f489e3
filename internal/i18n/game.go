package i18n

// reasons maps the rules' reasons (for a round's, a turn's or the game's
// end, and an early Joker), as the rules package words them, and the
// archive's (store.Finished.Reason), to their catalog messages.
var reasons = map[string]string{
	"R4.5: passed":             "map.reason.passed",
	"R4.5: no activation left": "map.reason.no-activation-left",
	"R4.5: no legal action":    "map.reason.no-legal-action",
	"R6.6: the attack ends the round (opt:attack=ends-round)":                                       "map.reason.attack-ends-round",
	"R7.1: the marker was used":                                                                     "map.reason.marker-used",
	"R4.7: early Joker shuffled back into the deck":                                                 "map.reason.early-joker-back",
	"R4.7: early Joker set aside for the turn":                                                      "map.reason.early-joker-aside",
	"R4.7: the deck is used up":                                                                     "map.reason.deck-used-up",
	"R4.7: the Joker was drawn":                                                                     "map.reason.joker",
	"R4.8: the Joker was drawn in combat":                                                           "map.reason.joker-in-combat",
	"R8.1: the fifth German unit exited off the west edge":                                          "map.reason.r8-1",
	"R8.2: no US unit is left in the game":                                                          "map.reason.r8-2",
	"R8.3: at the end of a German round no US unit is on the map and a German unit is in column 11": "map.reason.r8-3",
	"R8.4: turn 6 ended without a German victory":                                                   "map.reason.r8-4",
	// The archive's reasons for a game that did not end by the rules.
	"the US side resigned":                               "reason.resigned-us",
	"the German side resigned":                           "reason.resigned-german",
	"the US side missed its deadline: a win on time":     "reason.on-time-us",
	"the German side missed its deadline: a win on time": "reason.on-time-german",
	"aborted":                            "reason.aborted",
	"abandoned: its channel was deleted": "reason.abandoned",
}

// Reason words one of the rules' reasons in lang; one the catalog lacks
// as the rules word it.
func Reason(lang Lang, why string) string { return word(lang, reasons, why) }

// Reasons lists the rules' reasons the catalog words (for tests).
func Reasons() []string {
	out := make([]string, 0, len(reasons))
	for why := range reasons {
		out = append(out, why)
	}
	return out
}

// places maps the scenario's place names to their catalog messages.
var places = map[string]string{
	"Hill 314":         "map.place.hill-314",
	"Mortain":          "map.place.mortain",
	"St-Barthélemy":    "map.place.st-barthelemy",
	"Le Mesnil-Adelée": "map.place.le-mesnil-adelee",
	"Romagny":          "map.place.romagny",
	"Forêt de Mortain": "map.place.foret-de-mortain",
	"Avranches":        "map.place.avranches",
	"Ger":              "map.place.ger",
	"St-Hilaire":       "map.place.st-hilaire",
}

// Place words a place name of the scenario in lang; one the catalog
// lacks (from a scenario file) as the file writes it.
func Place(lang Lang, name string) string { return word(lang, places, name) }

// unitNames maps the scenario's unit names to their catalog messages.
var unitNames = map[string]string{
	"117th Infantry Rgt":                    "unit.name.117",
	"119th Infantry Rgt":                    "unit.name.119",
	"120th Infantry Rgt":                    "unit.name.120",
	"823rd Tank Destroyer Bn (towed)":       "unit.name.823",
	"Tank Destroyer Bn (self-propelled)":    "unit.name.TD",
	"Combat Command A, 3rd Armored":         "unit.name.CCA",
	"Combat Command B, 3rd Armored":         "unit.name.CCB",
	"Combat Command R, 3rd Armored":         "unit.name.CCR",
	"2nd SS Panzer, armoured Kampfgruppe 1": "unit.name.DR-1",
	"2nd SS Panzer, armoured Kampfgruppe 2": "unit.name.DR-2",
	"2nd SS Panzer, KG Der Führer":          "unit.name.DF",
	"2nd SS Panzer, KG Deutschland":         "unit.name.D",
	"17th SS, assault gun Bn":               "unit.name.17-StuG",
	"17th SS, 37th Panzergrenadier Rgt":     "unit.name.17-37",
	"17th SS, 38th Panzergrenadier Rgt":     "unit.name.17-38",
	"102nd SS Heavy Panzer Bn (Tiger)":      "unit.name.102",
}

// UnitName words a unit's name in the scenario in lang; one the catalog
// lacks (from a scenario file) as the file writes it.
func UnitName(lang Lang, name string) string { return word(lang, unitNames, name) }

// UnitType words a unit type (tank, infantry or gun, as the rules name
// them) in lang.
func UnitType(lang Lang, kind string) string {
	if Has(English, "unit.type."+kind) {
		return T(lang, "unit.type."+kind, nil)
	}
	return kind
}

// word is the message table gives for text, in lang; text as it is when
// the table lacks it.
func word(lang Lang, table map[string]string, text string) string {
	if id, ok := table[text]; ok {
		return T(lang, id, nil)
	}
	return text
}

// Level words an AI level ("random", "easy", "hard") in lang; one the
// catalog lacks as it is.
func Level(lang Lang, level string) string {
	if id := "choice.level." + level; Has(lang, id) {
		return T(lang, id, nil)
	}
	return level
}
