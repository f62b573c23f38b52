package io.vaultstream.cli;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.error.EventCodec;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.SourceTable;
import io.vaultstream.model.VaultModel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The events of error rows to load again: each row's stored event, or else its raw record decoded
 * again. The error table keeps no Kafka timestamp, which decoding takes as the event time of a
 * record that carries none of its own; the time the row was first written (its {@code first_seen},
 * when the loader received the record) stands in for it, never 0 (1970). A row that cannot be
 * decoded is set aside with the reason, so one corrupt row does not stop the others.
 */
final class RetriedRows {
  final Map<ChangeEvent, ErrorTable.Row> byEvent = new IdentityHashMap<>();

  /** Rows set aside: id and why. */
  final Map<Long, String> undecodable = new LinkedHashMap<>();

  /** Rows whose record has no event time of its own: loaded at their first_seen. */
  final List<Long> timedByFirstSeen = new ArrayList<>();

  private RetriedRows() {}

  /** Decodes the rows; reads the first_seen of those without a stored event on {@code c}. */
  static RetriedRows of(
      List<ErrorTable.Row> rows,
      VaultModel model,
      ChangeEventDecoder decoder,
      Connection c,
      VaultDialect dialect,
      String schema)
      throws SQLException {
    RetriedRows out = new RetriedRows();
    Map<Long, Long> firstSeenMs = firstSeenMillis(rows, c, dialect, schema);
    for (ErrorTable.Row r : rows) {
      try {
        ChangeEvent e =
            r.event() != null ? EventCodec.read(r.event()) : decode(model, decoder, r, firstSeenMs);
        if (e == null) {
          out.undecodable.put(r.id(), "no stored event nor record value");
        } else {
          out.byEvent.put(e, r);
          if (r.event() == null && e.eventTimeMicros() == firstSeenMs.get(r.id()) * 1000) {
            out.timedByFirstSeen.add(r.id());
          }
        }
      } catch (RuntimeException ex) {
        // A decoder's DecodeException, a corrupt stored event or base64 text, or anything else
        // that one row's content can cause.
        out.undecodable.put(r.id(), String.valueOf(ex.getMessage()));
      }
    }
    return out;
  }

  private static ChangeEvent decode(
      VaultModel model, ChangeEventDecoder decoder, ErrorTable.Row r, Map<Long, Long> firstSeenMs) {
    if (r.recordValue() == null) {
      return null;
    }
    Long kafkaTimestamp = firstSeenMs.get(r.id());
    if (kafkaTimestamp == null) {
      throw new IllegalStateException("the row was deleted meanwhile");
    }
    // Decoded under the topic the model names its source table by: a transform may have renamed
    // the topic the record was read from (the row's topic).
    SourceTable source = r.source() == null ? null : model.sources().get(r.source());
    String topic = source != null ? source.topic() : r.topic();
    ChangeEvent e =
        decoder
            .decode(
                topic,
                r.partition(),
                r.offset(),
                kafkaTimestamp,
                bytes(r.recordKey()),
                bytes(r.recordValue()))
            .orElse(null);
    return e == null || topic.equals(r.topic()) ? e : e.readAt(r.topic(), r.partition());
  }

  /** The first_seen of rows without a stored event, as epoch milliseconds, by id. */
  private static Map<Long, Long> firstSeenMillis(
      List<ErrorTable.Row> rows, Connection c, VaultDialect dialect, String schema)
      throws SQLException {
    List<Long> ids = new ArrayList<>();
    rows.stream().filter(r -> r.event() == null).forEach(r -> ids.add(r.id()));
    Map<Long, Long> out = new HashMap<>();
    if (ids.isEmpty()) {
      return out;
    }
    try (PreparedStatement ps =
        c.prepareStatement(dialect.selectErrorFirstSeenMillis(schema, VaultTables.ERRORS))) {
      dialect.bindNumbers(c, ps, 1, ids);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.put(rs.getLong(1), rs.getLong(2));
        }
      }
    }
    return out;
  }

  private static byte[] bytes(String raw) {
    return EventCodec.rawBytes(raw);
  }
}
