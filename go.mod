module github.com/mortain/mortain

go 1.26.8
