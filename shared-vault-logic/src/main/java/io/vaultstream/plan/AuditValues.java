package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.Satellite;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A satellite's audit columns for one event: the operation ({@code c}, {@code u}, {@code d}, {@code
 * r}), the source position (the LSN, else the Kafka position) and the source transaction id.
 */
final class AuditValues {
  private AuditValues() {}

  /** The values of a satellite's audit columns for an event: column name to value. */
  static Map<String, String> of(ChangeEvent e, Satellite sat) {
    if (sat.audit().isEmpty()) {
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    sat.audit()
        .forEach(
            (kind, column) ->
                out.put(
                    column,
                    switch (kind) {
                      case "operation" ->
                          switch (e.operation()) {
                            case INSERT -> "c";
                            case UPDATE -> "u";
                            case DELETE -> "d";
                            case READ -> "r";
                          };
                      case "position" ->
                          e.position().lsn() != null
                              ? e.position().lsn().toString()
                              : e.position().toString();
                      default -> e.position().transaction();
                    }));
    return out;
  }
}
