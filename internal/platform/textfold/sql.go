package textfold

// SQL is Fold as SQL over a column (or any text expression), the same on PostgreSQL and
// SQLite: the diacritics are replaced before LOWER, because SQLite's LOWER folds ASCII only.
// column must be a constant of the caller, never user input.
func SQL(column string) string {
	expr := column
	for _, p := range [][2]string{{"Č", "c"}, {"č", "c"}, {"Ć", "c"}, {"ć", "c"}, {"Š", "s"}, {"š", "s"}, {"Ž", "z"}, {"ž", "z"}, {"Đ", "dj"}, {"đ", "dj"}} {
		expr = "REPLACE(" + expr + ", '" + p[0] + "', '" + p[1] + "')"
	}
	return "LOWER(" + expr + ")"
}
