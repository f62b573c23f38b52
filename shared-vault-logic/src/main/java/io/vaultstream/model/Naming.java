package io.vaultstream.model;

import java.io.Serializable;

/** Names of the technical columns every vault table carries. */
public record Naming(
    String loadDts, String recordSource, String hashDiff, String deleteFlag, String loadedAt)
    implements Serializable {

  /** The default names: load_dts, record_source, hash_diff, delete_flag, loaded_at. */
  public static Naming defaults() {
    return new Naming("load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at");
  }
}
