package io.vaultstream.spark;

import io.vaultstream.spark.SparkDeltaTables.TableFiles;
import java.util.ArrayList;
import java.util.List;

/**
 * What a stream into Delta costs in files, and what {@code OPTIMIZE} recovers: per table of a
 * vault, after the micro-batches, the data files of the current version, its size and the table's
 * versions (commits); then each table compacted, its data files again and the data files on storage
 * (the ones OPTIMIZE replaced stay there until VACUUM).
 */
final class SparkDeltaFiles {
  private SparkDeltaFiles() {}

  /** Prints the report for every table of the vault, then OPTIMIZEs each and prints again. */
  static void report(SparkDeltaTables vault, int batches) {
    List<String> tables = vault.tables();
    List<TableFiles> before = new ArrayList<>();
    for (String t : tables) {
      before.add(vault.files(t));
    }
    long start = System.nanoTime();
    List<TableFiles> after = new ArrayList<>();
    for (String t : tables) {
      vault.optimize(t);
      after.add(vault.files(t));
    }
    double optimize = (System.nanoTime() - start) / 1e9;
    print(tables, before, after, batches, optimize);
  }

  /** The header, a line per table, and the totals over the tables. */
  private static void print(
      List<String> tables,
      List<TableFiles> before,
      List<TableFiles> after,
      int batches,
      double optimize) {
    System.out.printf(
        "Delta files per table after %d micro-batches, then after OPTIMIZE of each table:%n",
        batches);
    System.out.printf(
        "%-28s %8s %9s %10s | %11s %10s %11s%n",
        "table", "files", "versions", "KiB", "after OPT.", "KiB", "on storage");
    long[] totals = printTables(tables, before, after);
    System.out.printf(
        "%d tables: %,d data files (%,d KiB) and %,d versions after %d micro-batches; %,d data"
            + " files after OPTIMIZE (%.0f s for all tables), %,d on storage until VACUUM%n",
        tables.size(),
        totals[0],
        totals[4] >> 10,
        totals[1],
        batches,
        totals[2],
        optimize,
        totals[3]);
  }

  /**
   * A line per table; returns the totals: data files, versions, data files after OPTIMIZE, files on
   * storage, bytes before.
   */
  private static long[] printTables(
      List<String> tables, List<TableFiles> before, List<TableFiles> after) {
    long[] totals = new long[5];
    for (int i = 0; i < tables.size(); i++) {
      TableFiles b = before.get(i);
      TableFiles a = after.get(i);
      System.out.printf(
          "%-28s %,8d %,9d %,10d | %,11d %,10d %,11d%n",
          tables.get(i),
          b.files(),
          b.versions(),
          b.bytes() >> 10,
          a.files(),
          a.bytes() >> 10,
          a.onStorage());
      totals[0] += b.files();
      totals[1] += b.versions();
      totals[2] += a.files();
      totals[3] += a.onStorage();
      totals[4] += b.bytes();
    }
    return totals;
  }
}
