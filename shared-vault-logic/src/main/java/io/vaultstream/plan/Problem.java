package io.vaultstream.plan;

import io.vaultstream.decode.ChangeEvent;

/**
 * Why an event's rows for one vault object were not loaded in this batch.
 *
 * @param code an error code of the error table (NULL_BUSINESS_KEY, UNRESOLVED_REFERENCE, ...)
 * @param target the vault object concerned
 */
public record Problem(ChangeEvent event, String code, String target, String message) {
  public static final String NULL_BUSINESS_KEY = "NULL_BUSINESS_KEY";
  public static final String UNRESOLVED_REFERENCE = "UNRESOLVED_REFERENCE";
  public static final String BAD_RECORD = "BAD_RECORD";
}
