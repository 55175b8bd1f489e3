package main

import "github.com/mortain/mortain/internal/i18n"

// samples are the values the placeholders take in a game: words of the
// catalog where the program words them from it, lists and quotes joined
// as the language joins them, a time, a member, a hex otherwise.
func samples(lang i18n.Lang) map[string]any {
	t := func(id string) string { return i18n.T(lang, id, nil) }
	quote := func(s string) string { return i18n.T(lang, "grammar.quote", map[string]any{"Text": s}) }
	list := func(items ...string) string { return i18n.List(lang, items) }
	us, german := t("side.us"), t("side.german")
	return map[string]any{
		// the game's words
		"Side": us, "Winner": german, "CardSide": german, "US": "2", "German": "1",
		"Unit": "DR-1", "Units": list("DR-1", "DR-2"), "Target": "DR-2", "Firers": list("TD", "117"),
		"Who": "TD", "Hex": "1803", "From": "1802", "To": "1803", "At": "1805", "Col": "11",
		"Cols": "11-19", "Rows": "01-09", "First": "11", "Last": "19", "Place": "1805",
		"Turn": "2", "Turns": "6", "Round": "3", "EnterTurn": "2", "Step": "12", "Steps": "40 手",
		"Card": "♥7", "Str": "7", "Strength": "7", "Mod": "+1", "M": "+1", "N": "5",
		"Value": "+1", "Chance": "42%", "Odds": "戦力 7、修正値 0、N 5、命中率 42%",
		"Factors": "5-4", "Type": t("unit.type.tank"), "Terrain": t("terrain.forest"),
		"Status": t("status.eliminated"), "Phase": t("refuse.phase.setup"), "Range": "2",
		"Result": t("map.res.flipped"), "Free": "", "Flipped": "", "Marks": "",
		"Exited": "1", "Exits": "5", "Air": "1", "Points": "2", "Zone": "1803",
		"Blocker": "1603 の森林", "Blockers": "1603 の森林が射線をさえぎっています",
		"Action": "move unit:DR-1 to:1803", "Actions": list("move", "fire"), "Attack": "DR-2",
		"Strike": "DR-2", "Hurt": "DR-2", "Lost": "1", "Won": "2", "People": "1", "AI": "",
		"Level": i18n.Level(lang, "hard"), "Levels": list(i18n.Level(lang, "easy"), i18n.Level(lang, "hard")),
		"Rule": "R6.6", "Rules": "R6.8", "Why": t("map.reason.r8-4"), "Reason": t("map.reason.r8-4"),
		"Event": t("map.reason.r8-4"), "Summary": "40 手", "State": "進行中",
		"What": t("side.german") + "のラウンド", "Where": "1803", "Header": "ターン 2/6",
		"Head": "", "Desc": "1 ヘクス移動", "Description": "1 ヘクス移動", "Title": "Stand at Mortain",
		// the program's words
		"Name": "Alice", "Member": "Alice", "By": "Alice", "User": "Alice", "Other": "Bob",
		"Absent": "Alice", "Passed": "", "Seats": "米軍 Alice、独軍 Bob", "Channel": "#mortain",
		"Command": "move", "Word": "fly", "Option": "unit", "Options": "unit: to:",
		"Edit": "place", "Text": "fly", "Quoted": quote("Bob"), "Code": "50013",
		"Choices": list("ai", "hotseat", "open"), "Values": list("ai", "hotseat"),
		"Example": "move unit:DR-1 to:1803", "Commands": "pass · moves", "Help": "help new",
		"ID": "12", "IDs": list("12", "13"), "Saved": "3", "Path": "out/map.png",
		"File": "mortain.db", "Dir": "out", "Err": "permission denied", "Failure": "permission denied",
		"Missing": "スレッドでメッセージを送信", "Permission": "チャンネル管理",
		"Until": "2026-12-01", "Paused": "2026-12-01", "Due": "2026-12-01 12:00", "When": "2026-12-01 12:00",
		"Since": "2026-12-01 12:00", "Deadline": "", "Allowance": "14 日", "Limit": "24 時間",
		"For": "3 時間", "Every": "24 時間", "Before": "1 時間", "After": "1 時間", "Then": "",
		"Waiting": "2", "Max": "14", "Required": "1", "Quiet": "",
		"Rating": "1500", "Dev": "350", "Delta": "+12", "Score": "1", "Mode": "ai",
		"Tag": "ja", "Lang": "日本語", "Links": "", "List": list("DR-1", "DR-2"),
		"Seed": "42", "Salt": "abc", "Commitment": "9f2c", "Record": "record.json",
		"Settings": "強さ: やさしい · ペース: ラウンドごと", "Changes": "", "Changed": "", "Earlier": "", "Advice": "",
		"Draws": "2", "Here": "", "Of": "6", "Next": "",
		"With": "DR-2", "Total": "0", "Mods": "地形 +1・隣接 -1", "Missed": "リマインドは 2 回送りました",
	}
}
