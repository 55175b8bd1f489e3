package i18n

import "github.com/mortain/mortain/rules"

// Reason words one of the rules' reasons in lang: catalog message
// "map.reason.ID".
func Reason(lang Lang, r rules.Reason) string { return T(lang, "map.reason."+r.ID(), nil) }

// archiveReasons maps the archive's reasons for a game that did not end
// by the rules (store.Finished.Reason) to their catalog messages.
var archiveReasons = map[string]string{
	"the US side resigned":                               "reason.resigned-us",
	"the German side resigned":                           "reason.resigned-german",
	"the US side missed its deadline: a win on time":     "reason.on-time-us",
	"the German side missed its deadline: a win on time": "reason.on-time-german",
	"aborted":                            "reason.aborted",
	"abandoned: its channel was deleted": "reason.abandoned",
}

// ArchiveReason words the archive's reason for a game's end
// (store.Finished.Reason) in lang: a reason of the rules, saved as its
// English text, or one of the archive's own; one the catalog lacks as it
// is.
func ArchiveReason(lang Lang, why string) string {
	if r, ok := rules.ParseReason(why); ok && r != rules.NoReason {
		return Reason(lang, r)
	}
	return word(lang, archiveReasons, why)
}

// ArchiveReasons lists the archive's own reasons the catalog words (for
// tests).
func ArchiveReasons() []string {
	out := make([]string, 0, len(archiveReasons))
	for why := range archiveReasons {
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
