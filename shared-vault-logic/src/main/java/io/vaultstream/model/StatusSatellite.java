package io.vaultstream.model;

import java.io.Serializable;

/**
 * A status tracking satellite of a hub: per hub key, whether a row of its source holds that key
 * ({@code is_active}), one version per change, so deletes show under every hashing profile.
 *
 * @param parent the hub
 * @param source the source table whose rows' presence it records (one that feeds the hub)
 */
public record StatusSatellite(String name, String parent, String source) implements Serializable {}
