package i18n

// supplierMessages: suppliers, their products and the activity log. Key -> [Serbian, English].
var supplierMessages = map[string][2]string{}
