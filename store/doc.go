// Package store keeps games in bbolt (to come).
package store
