package i18n

// productMediaMessages: product images and stickers. Key -> [Serbian, English].
var productMediaMessages = map[string][2]string{}
