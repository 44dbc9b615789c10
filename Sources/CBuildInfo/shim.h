#ifndef PANDA_CBUILDINFO_SHIM_H
#define PANDA_CBUILDINFO_SHIM_H

// What the build was told about its source: .ci/package-deb passes
// `-Xcc -DPANDA_COMMIT=<abbreviated hash>` and, for a tree with uncommitted changes,
// `-Xcc -DPANDA_MODIFIED`; a plain `swift build` passes neither. The hash is given as a bare
// word and made a string here, so no quotes have to survive the command line.
#define PANDA_CBUILDINFO_STRING_(word) #word
#define PANDA_CBUILDINFO_STRING(word) PANDA_CBUILDINFO_STRING_(word)

/// The commit the binary was built from, or "" when the build was not told.
static inline const char *cbuildinfo_commit(void) {
#ifdef PANDA_COMMIT
  return PANDA_CBUILDINFO_STRING(PANDA_COMMIT);
#else
  return "";
#endif
}

/// 1 when the tree had uncommitted changes at build time, else 0.
static inline int cbuildinfo_modified(void) {
#ifdef PANDA_MODIFIED
  return 1;
#else
  return 0;
#endif
}

#endif
