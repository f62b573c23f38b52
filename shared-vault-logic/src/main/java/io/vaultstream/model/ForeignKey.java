package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/** A foreign key of a source table: its columns reference columns of another source table. */
public record ForeignKey(
    String name, List<String> columns, String references, List<String> referencedColumns)
    implements Serializable {
  public ForeignKey {
    columns = List.copyOf(columns);
    referencedColumns = List.copyOf(referencedColumns);
  }
}
