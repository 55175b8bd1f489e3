// Package render draws Stand at Mortain games as pictures: a PNG of the map
// after every activation (terrain, roads, counters, sideboards, the status
// panel and what just happened) and an animated GIF replay of a whole game.
//
// The picture is designed at DefaultWidth pixels and scales to any width
// asked for. What never changes for a scenario and width (the terrain and
// the panels) is drawn once and cached; each call copies it, draws the
// position over it and encodes a paletted PNG with a fixed palette.
package render
