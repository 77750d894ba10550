package db

import "strings"

// LikeEscape follows every LIKE whose pattern LikeLiteral or LikeContains made: SQLite has no
// escape character by default, PostgreSQL's is already '\'. PostgreSQL folds the clause into
// a constant pattern, so trigram indexes serve the LIKE as they would without it.
const LikeEscape = ` ESCAPE '\'`

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// LikeLiteral is s with LIKE's wildcards (and the escape character) escaped, so that what a
// person typed matches only itself.
func LikeLiteral(s string) string { return likeEscaper.Replace(s) }

// LikeContains is the LIKE pattern "contains s", s taken literally.
func LikeContains(s string) string { return "%" + LikeLiteral(s) + "%" }
