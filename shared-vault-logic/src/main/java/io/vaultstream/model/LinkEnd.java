package io.vaultstream.model;

import java.io.Serializable;

/**
 * One hub a link joins.
 *
 * @param via the foreign key of the link's source that reaches the hub, or {@code null} when the
 *     link's source feeds the hub itself
 * @param column the hash key column of this hub in the link table
 */
public record LinkEnd(String hub, String via, String column) implements Serializable {}
