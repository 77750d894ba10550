package i18n

// productMessages: products, their attributes and mass changes. Key -> [Serbian, English].
var productMessages = map[string][2]string{}
