package io.vaultstream.quickstart;

import java.io.PrintWriter;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * What a run started, stopped in the reverse order: the Connect worker before the broker it reads,
 * both before the database they write. Stopping twice (the end of the run and a Ctrl-C at once)
 * stops each part once; a part that fails to stop is reported in one line, the others still stop.
 */
final class StopSequence {
  private record Part(String name, AutoCloseable stop) {}

  private final Deque<Part> parts = new ArrayDeque<>();
  private final PrintWriter out;
  private volatile boolean stopping;

  StopSequence(PrintWriter out) {
    this.out = out;
  }

  /**
   * Registers a started part; it is stopped before every part registered earlier. A null name stops
   * it without a line on the console (removing files).
   */
  synchronized void started(String name, AutoCloseable stop) {
    parts.push(new Part(name, stop));
  }

  /** Stops every part still running, the last started first. */
  void stopAll() {
    stopping = true;
    stopParts();
  }

  /**
   * Whether stopping has begun: what fails in the run after that is the parts going away (Ctrl-C),
   * not a fault to report.
   */
  boolean stopping() {
    return stopping;
  }

  private synchronized void stopParts() {
    boolean any = parts.stream().anyMatch(p -> p.name() != null);
    while (!parts.isEmpty()) {
      Part p = parts.pop();
      if (p.name() != null) {
        out.printf("Stopping %s...%n", p.name());
        out.flush();
      }
      try {
        p.stop().close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        out.printf("  stopping %s was interrupted%n", p.name());
      } catch (Exception e) {
        out.printf("  %s did not stop cleanly: %s%n", p.name(), e);
      }
    }
    if (any) {
      out.println("Stopped.");
    }
    out.flush();
  }

  /**
   * Stops everything when the JVM is asked to end (Ctrl-C, SIGTERM) before the run has; returns the
   * hook so the run can remove it when it stopped things itself.
   */
  Thread stopOnExit() {
    Thread hook = new Thread(this::stopAll, "vaultstream-quickstart-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    return hook;
  }

  /** Removes the hook of {@link #stopOnExit()}; nothing when the JVM is already ending. */
  static void remove(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is ending: the hook runs (or ran) and stops what is left
    }
  }
}
