package io.vaultstream.engine;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelWarnings;
import io.vaultstream.model.VaultModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells, once per column for the loader's lifetime, a column the model names that an event of its
 * source lacks entirely (a misspelt name stays NULL in the vault: WARN), and a column the events
 * carry that nothing of the model loads (INFO). Looks at one event with a row per source and batch.
 */
final class ColumnWatch {
  private static final Logger LOG = LoggerFactory.getLogger(ColumnWatch.class);

  private final Map<String, Set<String>> named = new HashMap<>();
  // Per source, the columns something loads; absent when a default takes every column.
  private final Map<String, Set<String>> loaded = new HashMap<>();
  private final Set<String> told = ConcurrentHashMap.newKeySet();

  ColumnWatch(VaultModel model) {
    for (String source : model.sources().keySet()) {
      Set<String> cols = ModelWarnings.namedColumns(model, source);
      named.put(source, cols);
      if (!ModelWarnings.loadsEveryColumn(model, source)) {
        loaded.put(source, cols);
      }
    }
  }

  /**
   * Checks the first event with a row of each source in the batch; returns what it told now (as
   * {@code WARN source.column: ...} or {@code INFO source.column: ...}).
   */
  List<String> check(List<ChangeEvent> events) {
    List<String> out = new ArrayList<>(0);
    Set<String> seen = new HashSet<>();
    for (ChangeEvent e : events) {
      if (e.operation().carriesRow() && seen.add(e.sourceTable())) {
        check(e, out);
      }
    }
    return out;
  }

  private void check(ChangeEvent e, List<String> out) {
    String source = e.sourceTable();
    Set<String> cols = named.get(source);
    if (cols == null) {
      return;
    }
    for (String c : cols) {
      if (!e.row().containsKey(c) && told.add(source + "\u0000" + c)) {
        LOG.warn(
            "Column '{}' of source {}, which the model names, is missing from its events (first at"
                + " {}): it stays NULL in the vault; check its spelling in the model, or declare"
                + " the source's columns so that validate checks them",
            c,
            source,
            e.position());
        out.add("WARN " + source + "." + c + ": named by the model, missing from its events");
      }
    }
    Set<String> used = loaded.get(source);
    if (used == null) {
      return;
    }
    for (String c : e.row().keySet()) {
      if (!used.contains(c) && told.add(source + "\u0000" + c)) {
        LOG.info(
            "Column '{}' of source {} arrives in its events, but no satellite, link or reference"
                + " table of the model loads it",
            c,
            source);
        out.add("INFO " + source + "." + c + ": received, loaded nowhere");
      }
    }
  }
}
