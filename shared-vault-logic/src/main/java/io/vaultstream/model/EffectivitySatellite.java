package io.vaultstream.model;

import java.io.Serializable;
import java.util.List;

/**
 * An effectivity satellite of a link: per link key, the times its relationship became active and
 * ended, derived from the link's source rows as the key map records them.
 *
 * @param link the link whose relationships it tracks
 * @param drivingKey the link ends (by hub name or hub key column) that identify whose relationship
 *     it is; empty for the default (the ends the link's source row decides itself)
 */
public record EffectivitySatellite(String name, String link, List<String> drivingKey)
    implements Serializable {
  /** The column holding a version's state. */
  public static final String IS_ACTIVE = "is_active";

  public EffectivitySatellite {
    drivingKey = List.copyOf(drivingKey);
  }
}
