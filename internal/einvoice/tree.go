package einvoice

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
)

// node is one element of a parsed document: what the rules read. Names are written with the
// UBL prefixes (cbc:ID, cac:Party) whatever prefixes the sender chose, so a rule names paths
// the way the CIUS does.
type node struct {
	name     string
	attrs    map[string]string
	text     string
	children []*node
}

var prefixes = map[string]string{nsCAC: "cac", nsCBC: "cbc", nsInvoice: "", nsCreditNote: ""}

func qualified(n xml.Name) string {
	if p, ok := prefixes[n.Space]; ok {
		if p == "" {
			return n.Local
		}
		return p + ":" + n.Local
	}
	if n.Space == "" {
		return n.Local
	}
	return "{" + n.Space + "}" + n.Local
}

// errNotXML: the body is not a well-formed XML document.
var errNotXML = errors.New("not a well-formed XML document")

// maxDepth bounds nesting, so a hostile upload cannot exhaust the stack of the reader.
const maxDepth = 64

func parse(b []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errNotXML
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) >= maxDepth {
				return nil, errNotXML
			}
			n := &node{name: qualified(t.Name), attrs: map[string]string{}}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue
				}
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil {
					return nil, errNotXML
				}
				root = n
			} else {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil {
		return nil, errNotXML
	}
	return root, nil
}

// all answers the elements at path (names separated by '/') below n.
func (n *node) all(path string) []*node {
	if n == nil {
		return nil
	}
	cur := []*node{n}
	for _, step := range strings.Split(path, "/") {
		var next []*node
		for _, c := range cur {
			for _, ch := range c.children {
				if ch.name == step {
					next = append(next, ch)
				}
			}
		}
		cur = next
	}
	return cur
}

// one answers the first element at path (nil: none).
func (n *node) one(path string) *node {
	if all := n.all(path); len(all) > 0 {
		return all[0]
	}
	return nil
}

// value is the trimmed text at path ("" when missing).
func (n *node) value(path string) string {
	if e := n.one(path); e != nil {
		return strings.TrimSpace(e.text)
	}
	return ""
}

func (n *node) attr(name string) string {
	if n == nil {
		return ""
	}
	return n.attrs[name]
}
