// Package render draws the game as PNG images (to come).
package render
