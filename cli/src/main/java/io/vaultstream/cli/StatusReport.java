package io.vaultstream.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vaultstream.ddl.CacheFigures;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What {@code status} found in a vault, printed as a table or as JSON with the same content. */
final class StatusReport {
  /** Rows of one vault table without its ghost records, and its newest load_dts (or null). */
  record TableRows(String table, long rows, String newestLoadDts) {}

  /** A consumer's stored next offset of a partition; end and lag when Kafka answered. */
  record Position(
      String consumer,
      String topic,
      int partition,
      long nextOffset,
      String updatedAt,
      Long endOffset) {
    Long lag() {
      return endOffset == null ? null : Math.max(0, endOffset - nextOffset);
    }
  }

  final String schema;
  final List<TableRows> tables = new ArrayList<>();
  final Map<String, String> newestBySource = new TreeMap<>();
  final Map<String, Long> waitingByState = new LinkedHashMap<>();
  final Map<String, Long> errorsByCode = new LinkedHashMap<>();
  final Map<String, SetAsideCounts.Counts> changesSetAside = new LinkedHashMap<>();
  final List<Position> progress = new ArrayList<>();

  /** The brokers asked for end offsets, or null when none were given. */
  String bootstrapServers;

  /** Why Kafka gave no end offsets, or null. */
  String kafkaProblem;

  /** The database's cache against the vault, or null when the database cannot tell. */
  CacheFigures cache;

  /** Why the database's cache figures could not be read, or null. */
  String cacheProblem;

  StatusReport(String schema) {
    this.schema = schema;
  }

  void printTable(PrintWriter out) {
    out.printf("Vault in schema %s: rows (without ghost records) per table%n%n", schema);
    out.printf("%-40s %12s  %s%n", "TABLE", "ROWS", "NEWEST LOAD_DTS");
    for (TableRows t : tables) {
      out.printf(
          "%-40s %,12d  %s%n",
          t.table(), t.rows(), t.newestLoadDts() == null ? "-" : t.newestLoadDts());
    }
    out.printf("%nNewest load_dts per record source%n");
    section(out, newestBySource);
    out.printf("%nWaiting for a parent (vs_waiting)%n");
    section(out, waitingByState);
    out.printf("%nError rows (vs_errors)%n");
    section(out, errorsByCode);
    out.printf("%nChanges of non-historized links set aside (error rows, ignored)%n");
    Map<String, String> setAside = new LinkedHashMap<>();
    changesSetAside.forEach(
        (link, n) ->
            setAside.put(
                link, String.format("%,d error rows, %,d ignored", n.errorRows(), n.ignored())));
    section(out, setAside);
    out.printf("%nProgress (vs_progress)%n");
    if (kafkaProblem != null) {
      out.printf("  (no lag: Kafka at %s did not answer: %s)%n", bootstrapServers, kafkaProblem);
    }
    if (progress.isEmpty()) {
      out.println("  (none)");
    }
    for (Position p : progress) {
      String lag =
          p.endOffset() == null ? "" : String.format(", end %,d, lag %,d", p.endOffset(), p.lag());
      out.printf(
          "  %-40s %s at %s%s%n",
          p.consumer() + " " + p.topic() + "/" + p.partition(), p.nextOffset(), p.updatedAt(), lag);
    }
    if (cache != null) {
      printCache(out);
    } else if (cacheProblem != null) {
      out.printf("%nDatabase cache%n  (not read: %s)%n", cacheProblem);
    }
  }

  private void printCache(PrintWriter out) {
    out.printf("%nDatabase cache (%s)%n", cache.setting());
    out.printf("  %-40s %s%n", "cache", CacheFigures.size(cache.cacheBytes()));
    out.printf(
        "  %-40s %s tables, %s indexes%n",
        "this schema",
        CacheFigures.size(cache.tableBytes()),
        CacheFigures.size(cache.indexBytes()));
    Double hit = cache.hitPercent();
    if (hit != null) {
      out.printf(
          "  %-40s %.1f %% of %,d page reads (%s, since the statistics were reset)%n",
          "cache hits",
          hit,
          cache.misses() + cache.hits(),
          cache.scope().equals("schema") ? "this schema's tables" : "the whole server");
    }
    if (cache.outgrown()) {
      out.printf("  ! %s%n", cache.outgrownMessage());
    }
  }

  private static void section(PrintWriter out, Map<String, ?> values) {
    if (values.isEmpty()) {
      out.println("  (none)");
    }
    values.forEach((k, v) -> out.printf("  %-40s %s%n", k, v));
  }

  String toJson() throws Exception {
    JsonNodeFactory f = JsonNodeFactory.instance;
    ObjectNode doc = f.objectNode();
    doc.put("schema", schema);
    ArrayNode ts = doc.putArray("tables");
    for (TableRows t : tables) {
      ts.addObject()
          .put("table", t.table())
          .put("rowsWithoutGhostRecords", t.rows())
          .put("newestLoadDts", t.newestLoadDts());
    }
    ObjectNode bySource = doc.putObject("newestLoadDtsByRecordSource");
    newestBySource.forEach(bySource::put);
    ObjectNode waiting = doc.putObject("waitingByState");
    waitingByState.forEach(waiting::put);
    ObjectNode errors = doc.putObject("errorsByCode");
    errorsByCode.forEach(errors::put);
    ObjectNode setAside = doc.putObject("nonHistorizedChangesSetAside");
    changesSetAside.forEach(
        (link, n) ->
            setAside.putObject(link).put("errorRows", n.errorRows()).put("ignored", n.ignored()));
    ArrayNode ps = doc.putArray("progress");
    for (Position p : progress) {
      ObjectNode o =
          ps.addObject()
              .put("consumer", p.consumer())
              .put("topic", p.topic())
              .put("partition", p.partition())
              .put("nextOffset", p.nextOffset())
              .put("updatedAt", p.updatedAt());
      if (bootstrapServers != null) {
        o.put("endOffset", p.endOffset()).put("lag", p.lag());
      }
    }
    if (cacheProblem != null) {
      doc.putObject("databaseCache").put("problem", cacheProblem);
    }
    if (cache != null) {
      doc.putObject("databaseCache")
          .put("setting", cache.setting())
          .put("cacheBytes", cache.cacheBytes())
          .put("tableBytes", cache.tableBytes())
          .put("indexBytes", cache.indexBytes())
          .put("randomlyReachedBytes", cache.randomBytes())
          .put("pageReadsMissed", cache.misses())
          .put("pageReadsHit", cache.hits())
          .put("countedFor", cache.scope())
          .put("outgrown", cache.outgrown());
    }
    if (bootstrapServers != null) {
      doc.putObject("kafka").put("bootstrapServers", bootstrapServers).put("problem", kafkaProblem);
    }
    return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc);
  }
}
