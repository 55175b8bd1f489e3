package i18n

import "github.com/mortain/mortain/rules"

// Reason words one of the rules' reasons in lang: catalog message
// "map.reason.ID".
func Reason(lang Lang, r rules.Reason) string { return T(lang, "map.reason."+r.ID(), nil) }

// Outcome words why a game ended in lang, from its type: the rule that
// ended a game played out (Reason), or who resigned or lost on time, or
// that it was aborted or abandoned (catalog "reason.*"); "" for a game
// that has not ended.
func Outcome(lang Lang, o rules.Outcome) string {
	switch o.End {
	case rules.PlayedOut:
		return Reason(lang, o.Reason)
	case rules.Resigned:
		return T(lang, "reason.resigned-"+o.Loser().String(), nil)
	case rules.LostOnTime:
		return T(lang, "reason.on-time-"+o.Loser().String(), nil)
	case rules.Aborted:
		return T(lang, "reason.aborted", nil)
	case rules.Abandoned:
		return T(lang, "reason.abandoned", nil)
	}
	return ""
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
