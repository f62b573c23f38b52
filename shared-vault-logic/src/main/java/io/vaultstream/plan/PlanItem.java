package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;
import java.util.Map;

/**
 * An event with its key values completed (from the row, or the key map for deletes), and what the
 * model says about its source (looked up once per event, not once per row it makes).
 */
record PlanItem(
    ChangeEvent event,
    SourceIndex source,
    String pk,
    Map<String, String> keys,
    boolean linksOnly,
    boolean unknownParent) {}
