// This folder holds the npm project of the Japanese lint: a module of its
// own keeps the Go code npm may install under node_modules out of ./...
module mortain/tools/textlint

go 1.26
