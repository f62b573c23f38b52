package io.vaultstream.plan;

import io.vaultstream.event.ChangeEvent;

/**
 * An event planned again because the rows it waited for may be known now.
 *
 * @param linksOnly only its link, link satellite and non-historized link rows are planned (the rest
 *     loaded when it first arrived)
 * @param unknownParent a reference still unresolved is loaded against the unknown ghost record
 */
public record Recheck(ChangeEvent event, boolean linksOnly, boolean unknownParent) {}
