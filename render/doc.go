// Package render draws Stand at Mortain games as pictures: a PNG of the map
// after every activation (terrain, roads, counters, sideboards, the status
// panel and what just happened) and an animated GIF replay of a whole game.
//
// The picture is designed at DefaultWidth pixels and scales to any width
// asked for. What never changes for a scenario and width (the terrain and
// the panels) is drawn once and cached; each call copies it, draws the
// position over it and encodes a paletted PNG with a fixed palette.
//
// Every counter, id, factors, hex number, label, arrow piece and result
// box drawn is recorded as a layout box (scene.go); arrows and result
// boxes are placed where they cover none of the boxes already there, and
// the tests check that no two boxes overlap. Pictures narrower than 800
// pixels use a compact layout made for a phone's preview (compact.go),
// whose ids, factors, status and results the tests find in the PNG and
// measure: their capitals and digits are at least 10 pixels high at 550.
//
// The map's words come from the message catalog (internal/i18n) in
// Options.Lang; in Japanese the kana and kanji are drawn from an embedded
// subset of IPAex Gothic (fonts/, lang.go) and the rest from the Go fonts,
// and the layout tests run in both languages.
package render
