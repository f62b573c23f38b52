package io.vaultstream.model;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A source table: one Kafka topic of change events, with its primary key, foreign keys and
 * (optionally) declared columns with SQL types.
 *
 * @param columns declared columns in source order, each mapped to its SQL type or {@code null} when
 *     only the name is declared; empty when the source declares no columns
 */
public record SourceTable(
    String name,
    String topic,
    List<String> primaryKey,
    Map<String, ForeignKey> foreignKeys,
    Map<String, String> columns)
    implements Serializable {
  public SourceTable {
    primaryKey = List.copyOf(primaryKey);
    foreignKeys = Collections.unmodifiableMap(new LinkedHashMap<>(foreignKeys));
    columns = Collections.unmodifiableMap(new LinkedHashMap<>(columns));
  }

  /** Whether the model lists this source's columns (so column references can be checked). */
  public boolean declaresColumns() {
    return !columns.isEmpty();
  }

  /** The declared SQL type of a column, or {@code null} when none is declared. */
  public String declaredType(String column) {
    return columns.get(column);
  }

  /** Every column of the foreign keys, in declaration order, without repeats. */
  public List<String> foreignKeyColumns() {
    List<String> out = new ArrayList<>();
    for (ForeignKey fk : foreignKeys.values()) {
      for (String c : fk.columns()) {
        if (!out.contains(c)) {
          out.add(c);
        }
      }
    }
    return out;
  }
}
