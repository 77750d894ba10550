package i18n

// taxonomyMessages: categories, attributes, brands and lookup lists. Key -> [Serbian, English].
var taxonomyMessages = map[string][2]string{}
