package io.vaultstream.bench.connect;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The flushes vaultstream logged between two points of a worker log: its INFO lines of logger
 * io.vaultstream.engine.VaultLoader, {@code Flushed 5000 events: 9876 vault rows in 812 ms; ...}.
 */
final class FlushLog {
  private static final Pattern FLUSH =
      Pattern.compile("Flushed (\\d+) events: (\\d+) vault rows in (\\d+) ms.*VaultLoader");

  /** One flush: its events, vault rows and milliseconds. */
  record Flush(long events, long rows, long millis) {}

  private FlushLog() {}

  /** The log's length now: where a phase's lines begin. */
  static long mark(Path log) {
    return log.toFile().length();
  }

  static List<Flush> between(Path log, long from, long to) throws IOException {
    List<Flush> out = new ArrayList<>();
    try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
      f.seek(from);
      byte[] b = new byte[(int) Math.max(0, Math.min(to, f.length()) - from)];
      f.readFully(b);
      for (String line : new String(b, StandardCharsets.UTF_8).split("\n")) {
        Matcher m = FLUSH.matcher(line);
        if (m.find()) {
          out.add(
              new Flush(
                  Long.parseLong(m.group(1)),
                  Long.parseLong(m.group(2)),
                  Long.parseLong(m.group(3))));
        }
      }
    }
    return out;
  }

  /**
   * The median flush time around {@code percent} % of the load: of the flushes whose events lie
   * within 5 % of the load either side of that point (at least the nearest one).
   */
  static long medianAround(List<Flush> flushes, int percent) {
    long total = flushes.stream().mapToLong(Flush::events).sum();
    double point = total * percent / 100.0;
    double half = total * 0.05;
    List<Long> window = new ArrayList<>();
    long done = 0;
    Flush nearest = null;
    double nearestDistance = Double.MAX_VALUE;
    for (Flush f : flushes) {
      double middle = done + f.events() / 2.0;
      done += f.events();
      if (Math.abs(middle - point) <= half) {
        window.add(f.millis());
      }
      if (Math.abs(middle - point) < nearestDistance) {
        nearestDistance = Math.abs(middle - point);
        nearest = f;
      }
    }
    if (window.isEmpty()) {
      return nearest == null ? -1 : nearest.millis();
    }
    window.sort(null);
    return window.get(window.size() / 2);
  }
}
