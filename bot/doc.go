// Package bot is the Discord adapter of Mortain (to come).
package bot
