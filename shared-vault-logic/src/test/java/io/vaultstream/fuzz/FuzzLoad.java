package io.vaultstream.fuzz;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Loads decoded records as the runtimes do, in batches with their positions. A batch whose load
 * throws would be retried for ever by a runtime (its partition stops): the harness records that,
 * finds the records that make it fail by loading halves, sets them aside and loads the rest, so one
 * run finds every such record rather than the first.
 */
final class FuzzLoad {
  static final String CONSUMER = "fuzz";

  /** Loads tried to find failing records, at most, per run (each costs a transaction). */
  private static final int BISECTION_BUDGET = 600;

  private final VaultLoader loader;
  private final Findings findings;
  // By identity: a record's map may be nested too deep to hash.
  private final Set<FuzzRecord> stopped = Collections.newSetFromMap(new IdentityHashMap<>());
  private int budget = BISECTION_BUDGET;

  FuzzLoad(VaultLoader loader, Findings findings) {
    this.loader = loader;
    this.findings = findings;
  }

  /** The records whose loading throws (set aside). */
  Set<FuzzRecord> stopped() {
    return stopped;
  }

  /** Loads the records in batches of {@code size}, skipping those already set aside. */
  void all(List<Decoded> decoded, int size) {
    List<Decoded> todo = new ArrayList<>();
    for (Decoded d : decoded) {
      if (!stopped.contains(d.record())) {
        todo.add(d);
      }
    }
    // The first record alone: the columns a source's events bring are typed by the values that
    // first bring them, and a topic's history starts with its source's rows, not with noise.
    for (int from = 0, to = 1; from < todo.size(); from = to, to = from + size) {
      List<Decoded> part = todo.subList(from, Math.min(todo.size(), to));
      batch(part, progress(part));
    }
  }

  /** The next offset of every partition of the records. */
  static Progress progress(List<Decoded> part) {
    Map<String, Progress.Position> next = new LinkedHashMap<>();
    for (Decoded d : part) {
      FuzzRecord r = d.record();
      next.merge(
          r.topic() + "/" + r.partition(),
          new Progress.Position(r.topic(), r.partition(), r.offset() + 1),
          (a, b) -> a.nextOffset() >= b.nextOffset() ? a : b);
    }
    return new Progress(CONSUMER, new ArrayList<>(next.values()));
  }

  private void batch(List<Decoded> part, Progress progress) {
    try {
      LoadResult r = load(part, progress);
      if (!r.positions().containsAll(progress.positions())) {
        findings.add(
            "c: a load's positions do not move past every record of its batch",
            part.get(0).record(),
            "positions held back",
            "sent " + progress.positions() + ", result " + r.positions());
      }
      return;
    } catch (Throwable t) { // NOPMD: an Error from load is one of the violations looked for
      isolate(part, t);
    }
    try {
      loader.load(List.of(), List.of(), progress);
    } catch (Throwable t) { // NOPMD
      findings.add("c: the position cannot be stored after the failing records", null, t);
    }
  }

  private LoadResult load(List<Decoded> part, Progress progress) throws Exception {
    List<ChangeEvent> events = new ArrayList<>();
    List<BadRecord> bad = new ArrayList<>();
    for (Decoded d : part) {
      if (d.event() != null) {
        events.add(d.event());
      } else if (d.bad() != null) {
        bad.add(d.bad());
      }
    }
    return loader.load(events, bad, progress);
  }

  /** Finds the records of a failed batch whose loading throws: halves loaded until one is left. */
  private void isolate(List<Decoded> part, Throwable failure) {
    if (part.size() == 1) {
      FuzzRecord r = part.get(0).record();
      stopped.add(r);
      findings.add(
          "a/c: loading a batch with this record throws; the runtimes retry the batch for ever, so"
              + " the partition stops",
          r,
          failure);
      return;
    }
    if (budget <= 0) {
      part.forEach(d -> stopped.add(d.record()));
      findings.add(
          "a/c: a batch fails to load (not narrowed down: the bisection budget is spent)",
          part.get(0).record(),
          failure);
      return;
    }
    int mid = part.size() / 2;
    boolean anyFailed = false;
    for (List<Decoded> half : List.of(part.subList(0, mid), part.subList(mid, part.size()))) {
      budget--;
      try {
        load(half, null);
      } catch (Throwable t) { // NOPMD
        anyFailed = true;
        isolate(half, t);
      }
    }
    if (!anyFailed) {
      findings.add(
          "a/c: a batch fails to load although each of its halves loads",
          part.get(0).record(),
          failure);
    }
  }
}
