package io.vaultstream.cli;

/** How a command prints what it found: a table for people, a JSON document for scripts. */
enum OutputFormat {
  // Lower case: the values are what users type and what the help lists.
  table,
  json
}
