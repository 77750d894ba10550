// Package deploy_test checks the repository's Dockerfile and deploy/compose.yaml by reading
// them: Docker does not run where the project is developed and tested, so a renamed folder, a
// moved Dockerfile or a mistyped stage would otherwise only show on the first real build.
package deploy_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// root is the repository (the Dockerfile's build context), from this package's folder.
const root = ".."

// instruction is one Dockerfile instruction with its continuation lines joined.
type instruction struct {
	line int
	cmd  string // upper case
	args string
}

func readDockerfile(t *testing.T, path string) []instruction {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instruction
	var cur strings.Builder
	start := 0
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if cur.Len() == 0 && (line == "" || strings.HasPrefix(line, "#")) {
			continue
		}
		if cur.Len() == 0 {
			start = n
		}
		if strings.HasPrefix(line, "#") { // a comment inside a continued instruction
			continue
		}
		if body, ok := strings.CutSuffix(line, `\`); ok {
			cur.WriteString(body + " ")
			continue
		}
		cur.WriteString(line)
		cmd, args, _ := strings.Cut(cur.String(), " ")
		out = append(out, instruction{line: start, cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args)})
		cur.Reset()
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur.Len() > 0 {
		t.Fatalf("%s: the last instruction ends with a line continuation", path)
	}
	return out
}

// dockerignore is the list of .dockerignore patterns (without comments and blank lines).
func dockerignore(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, ".dockerignore"))
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, strings.TrimPrefix(l, "/"))
		}
	}
	return out
}

// ignored tells whether path (relative to the context) or a folder above it matches a pattern
// (the subset of .dockerignore syntax this repository uses: names, folders, globs, **/).
func ignored(patterns []string, path string) bool {
	path = filepath.ToSlash(filepath.Clean(path))
	for _, p := range patterns {
		anywhere := strings.HasPrefix(p, "**/")
		p = strings.TrimPrefix(p, "**/")
		parts := strings.Split(path, "/")
		for i := range parts {
			prefix := strings.Join(parts[:i+1], "/")
			if ok, _ := filepath.Match(p, prefix); ok {
				return true
			}
			if ok, _ := filepath.Match(p, parts[i]); ok && anywhere {
				return true
			}
		}
	}
	return false
}

// flagsAndArgs splits a COPY's --flags from its sources and destination (JSON form too).
func flagsAndArgs(s string) (flags map[string]string, args []string) {
	flags = map[string]string{}
	var rest []string
	if strings.HasPrefix(strings.TrimSpace(s), "[") {
		_ = json.Unmarshal([]byte(s), &rest)
	} else {
		rest = strings.Fields(s)
	}
	for _, a := range rest {
		if name, ok := strings.CutPrefix(a, "--"); ok {
			k, v, _ := strings.Cut(name, "=")
			flags[k] = v
			continue
		}
		args = append(args, a)
	}
	return flags, args
}

var goBuildPkg = regexp.MustCompile(`go build[^&;]*?(\./[\w./-]+)`)

// checkNpm checks an npm ci (its lock file) or npm run (its script) in dir of the context.
func checkNpm(t *testing.T, at, dir string, args []string) {
	t.Helper()
	var pkg struct{ Scripts map[string]string }
	b, err := os.ReadFile(filepath.Join(root, dir, "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &pkg)
	}
	if err != nil {
		t.Errorf("%s: npm in %s: %v", at, dir, err)
		return
	}
	if args[0] == "run" && pkg.Scripts[args[1]] == "" {
		t.Errorf("%s: npm run %s: %s/package.json has no such script", at, args[1], dir)
	}
	if args[0] == "ci" {
		if _, err := os.Stat(filepath.Join(root, dir, "package-lock.json")); err != nil {
			t.Errorf("%s: npm ci in %s needs its package-lock.json", at, dir)
		}
	}
}

// stages reads the Dockerfile's stages and checks every instruction that names a path, a
// stage, a Go package or an npm script.
func checkDockerfile(t *testing.T, path string) (stages []string) {
	t.Helper()
	ins := readDockerfile(t, path)
	if len(ins) == 0 || ins[0].cmd != "FROM" && ins[0].cmd != "ARG" {
		t.Fatalf("%s does not start with FROM", path)
	}
	ignore := dockerignore(t)
	for _, in := range ins {
		switch in.cmd {
		case "FROM":
			f := strings.Fields(in.args)
			if len(f) == 3 && strings.EqualFold(f[1], "AS") {
				if slices.Contains(stages, f[2]) {
					t.Errorf("%s:%d: stage %q named twice", path, in.line, f[2])
				}
				stages = append(stages, f[2])
			} else if len(f) != 1 {
				t.Errorf("%s:%d: FROM %s: want an image and an optional AS name", path, in.line, in.args)
			}
		case "COPY", "ADD":
			flags, args := flagsAndArgs(in.args)
			if len(args) < 2 {
				t.Errorf("%s:%d: %s needs sources and a destination", path, in.line, in.cmd)
				continue
			}
			if from, ok := flags["from"]; ok {
				// A stage by name (or a whole image, which has a registry path or tag).
				if !slices.Contains(stages, from) && !strings.ContainsAny(from, ":/") {
					t.Errorf("%s:%d: --from=%s is no earlier stage (stages: %v)", path, in.line, from, stages)
				}
				continue
			}
			for _, src := range args[:len(args)-1] {
				matches, _ := filepath.Glob(filepath.Join(root, src))
				if len(matches) == 0 {
					t.Errorf("%s:%d: %s %s: no such path in the build context", path, in.line, in.cmd, src)
				}
				if src != "." && ignored(ignore, src) {
					t.Errorf("%s:%d: %s %s: excluded by .dockerignore", path, in.line, in.cmd, src)
				}
			}
		case "RUN":
			for _, m := range goBuildPkg.FindAllStringSubmatch(in.args, -1) {
				if st, err := os.Stat(filepath.Join(root, m[1])); err != nil || !st.IsDir() {
					t.Errorf("%s:%d: go build %s: no such package", path, in.line, m[1])
				}
			}
			// npm in the folder the command's cd steps lead to (from the WORKDIR, the context's copy).
			dir := "."
			for _, step := range regexp.MustCompile(`&&|;`).Split(in.args, -1) {
				f := strings.Fields(step)
				switch {
				case len(f) == 2 && f[0] == "cd":
					dir = filepath.Join(dir, f[1])
				case len(f) >= 2 && f[0] == "npm" && (f[1] == "ci" || f[1] == "run" && len(f) >= 3):
					checkNpm(t, fmt.Sprintf("%s:%d", path, in.line), dir, f[1:])
				}
			}
		}
	}
	return stages
}

// TestDockerfile: the image's recipe sits at the top of the repository (the design's place)
// and names only what exists.
func TestDockerfile(t *testing.T) {
	stages := checkDockerfile(t, filepath.Join(root, "Dockerfile"))
	if len(stages) == 0 {
		t.Error("the Dockerfile names no stages")
	}
	if _, err := os.Stat("Dockerfile"); err == nil {
		t.Error("deploy/Dockerfile is back: the one Dockerfile is the repository's top-level one")
	}
}

// TestCompose: every service's build context, Dockerfile and target exist, and every
// depends_on service, named volume, env_file and bind-mounted path too.
func TestCompose(t *testing.T) {
	const file = "compose.yaml"
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Services map[string]struct {
			Image     string         `yaml:"image"`
			Build     any            `yaml:"build"`
			DependsOn any            `yaml:"depends_on"`
			Volumes   []any          `yaml:"volumes"`
			EnvFile   any            `yaml:"env_file"`
			Extra     map[string]any `yaml:",inline"`
		} `yaml:"services"`
		Volumes map[string]any `yaml:"volumes"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(doc.Services) == 0 {
		t.Fatalf("%s: no services", file)
	}
	built := 0
	for name, s := range doc.Services {
		if s.Image == "" && s.Build == nil {
			t.Errorf("service %s: neither image nor build", name)
		}
		if s.Build != nil {
			built++
			context, dockerfile, target := ".", "Dockerfile", ""
			switch v := s.Build.(type) {
			case string:
				context = v
			case map[string]any:
				if c, ok := v["context"].(string); ok {
					context = c
				}
				if d, ok := v["dockerfile"].(string); ok {
					dockerfile = d
				}
				target, _ = v["target"].(string)
			default:
				t.Errorf("service %s: build is %T", name, v)
				continue
			}
			if st, err := os.Stat(context); err != nil || !st.IsDir() {
				t.Errorf("service %s: build context %s is no folder", name, context)
				continue
			}
			df := filepath.Join(context, dockerfile)
			if _, err := os.Stat(df); err != nil {
				t.Errorf("service %s: dockerfile %s (in context %s): %v", name, dockerfile, context, err)
				continue
			}
			if target != "" {
				if stages := checkDockerfile(t, df); !slices.Contains(stages, target) {
					t.Errorf("service %s: target %s is no stage of %s (%v)", name, target, df, stages)
				}
			}
		}
		var deps []string
		switch v := s.DependsOn.(type) {
		case []any:
			for _, d := range v {
				deps = append(deps, d.(string))
			}
		case map[string]any:
			for d := range v {
				deps = append(deps, d)
			}
		}
		for _, d := range deps {
			if _, ok := doc.Services[d]; !ok {
				t.Errorf("service %s depends on %s, which is no service", name, d)
			}
		}
		for _, v := range s.Volumes {
			src, _, _ := strings.Cut(v.(string), ":")
			switch {
			case strings.HasPrefix(src, ".") || strings.HasPrefix(src, "/"):
				if _, err := os.Stat(src); err != nil && !strings.HasPrefix(src, "/") {
					t.Errorf("service %s: bind mount %s: %v", name, src, err)
				}
			default:
				if _, ok := doc.Volumes[src]; !ok {
					t.Errorf("service %s: volume %s is not declared under volumes", name, src)
				}
			}
		}
		var envFiles []string
		switch v := s.EnvFile.(type) {
		case string:
			envFiles = []string{v}
		case []any:
			for _, e := range v {
				envFiles = append(envFiles, e.(string))
			}
		}
		for _, e := range envFiles {
			if _, err := os.Stat(e); err != nil {
				t.Errorf("service %s: env_file %s: %v", name, e, err)
			}
		}
	}
	if built == 0 {
		t.Error("no service builds the shop's image")
	}
}

// TestIgnored pins the .dockerignore matching the checks rely on.
func TestIgnored(t *testing.T) {
	patterns := []string{".git", "**/node_modules", "admin-web/dist", "var"}
	for path, want := range map[string]bool{
		"admin-web/node_modules/x": true, "node_modules": true, "admin-web/dist": true,
		"admin-web/dist/index.html": true, "var/shop.db": true, "admin-web/": false,
		"internal/platform/config": false, ".": false, "go.mod": false,
	} {
		if got := ignored(patterns, path); got != want {
			t.Errorf("ignored(%q) = %v, want %v", path, got, want)
		}
	}
}
