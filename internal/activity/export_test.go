package activity

// PurgeBefore lets the external tests run the purge with a small batch.
var PurgeBefore = (*Retention).purgeBefore
