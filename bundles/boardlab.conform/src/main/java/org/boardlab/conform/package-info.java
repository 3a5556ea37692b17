/**
 * The conformance runner: what every protocol's kit is built on, so that two teams can test each
 * other's server and client against the protocol's written rules.
 * <ul>
 * <li>{@link org.boardlab.conform.ConformanceKit} (implemented by each protocol bundle, found
 * through Sisu by its {@code @Named} protocol id): the protocol's {@link org.boardlab.conform.Scenario}s
 * for a server under test and for a client under test, and its {@link org.boardlab.conform.FrameCodec}.</li>
 * <li>A scenario is a named piece of traffic; every {@link org.boardlab.conform.Check} it makes is
 * named and cites the rule (a section of the protocol bundle's README). A scenario talks through
 * {@link org.boardlab.conform.Wire}s (blocking sockets that keep every frame, raw and decoded, in
 * the run's {@link org.boardlab.conform.FrameRecorder}) and a
 * {@link org.boardlab.conform.ScenarioContext}.</li>
 * <li>{@link org.boardlab.conform.KitScenarios} builds a kit's table of scenarios.</li>
 * <li>{@link org.boardlab.conform.ConformanceRunner} runs a kit and gives a
 * {@link org.boardlab.conform.Report}; {@link org.boardlab.conform.Reports} writes it for the
 * terminal, as JUnit XML and as HTML with the frames.</li>
 * </ul>
 */
@Export
@Version("0.2.0")
package org.boardlab.conform;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
