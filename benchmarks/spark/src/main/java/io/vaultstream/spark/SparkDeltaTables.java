package io.vaultstream.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * What the benchmarks read back from a path-based Delta vault ({@code DIR/<table>}): its tables,
 * vault rows per table, error and waiting rows, stored positions; and what its tables cost in
 * files: data files of the current version ({@code DESCRIBE DETAIL}'s numFiles), versions
 * (commits), data files on storage, before and after {@code OPTIMIZE}.
 */
final class SparkDeltaTables {
  private final SparkSession spark;
  private final Path dir;

  SparkDeltaTables(SparkSession spark, Path dir) {
    this.spark = spark;
    this.dir = dir;
  }

  /** The Delta tables under the directory (each a directory with a _delta_log), by name. */
  List<String> tables() {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> Files.isDirectory(p.resolve("_delta_log")))
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String table(String name) {
    return "delta.`" + dir.resolve(name) + "`";
  }

  /** Rows per vault table: tables not starting with vs_, rows other than the ghosts ('SYSTEM'). */
  Map<String, Long> vaultRows() {
    Map<String, Long> out = new TreeMap<>();
    for (String t : tables()) {
      if (!t.startsWith("vs_")) {
        out.put(t, count("SELECT count(*) FROM " + table(t) + " WHERE record_source <> 'SYSTEM'"));
      }
    }
    return out;
  }

  long errors() {
    return count("SELECT count(*) FROM " + table("vs_errors"));
  }

  long waiting() {
    return count("SELECT count(*) FROM " + table("vs_waiting"));
  }

  /** The stored next offset per source topic (the highest over consumers). */
  Map<String, Long> storedPositions() {
    Map<String, Long> out = new TreeMap<>();
    spark
        .sql(
            "SELECT topic, max(next_offset) FROM "
                + table("vs_progress")
                + " WHERE topic NOT LIKE '"
                + BatchWriter.LEDGER
                + "/%' GROUP BY topic")
        .collectAsList()
        .forEach(r -> out.put(r.getString(0), Long.parseLong(r.get(1).toString())));
    return out;
  }

  private long count(String sql) {
    return spark.sql(sql).first().getLong(0);
  }

  /** One table's cost in files at a moment. */
  record TableFiles(long files, long bytes, long versions, long onStorage) {}

  /** Data files of the current version, its bytes, versions so far, data files on storage. */
  TableFiles files(String name) {
    Row d = spark.sql("DESCRIBE DETAIL " + table(name)).first();
    long versions =
        spark
                .sql("DESCRIBE HISTORY " + table(name))
                .agg(functions.max("version"))
                .first()
                .getLong(0)
            + 1;
    return new TableFiles(
        ((Number) d.getAs("numFiles")).longValue(),
        ((Number) d.getAs("sizeInBytes")).longValue(),
        versions,
        parquetOnStorage(dir.resolve(name)));
  }

  private static long parquetOnStorage(Path table) {
    try (Stream<Path> s = Files.walk(table)) {
      return s.filter(p -> !p.toString().contains("_delta_log"))
          .filter(p -> p.getFileName().toString().endsWith(".parquet"))
          .count();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Compacts one table's small files ({@code OPTIMIZE}); the files it removed stay on storage. */
  void optimize(String name) {
    spark.sql("OPTIMIZE " + table(name)).collectAsList();
  }
}
