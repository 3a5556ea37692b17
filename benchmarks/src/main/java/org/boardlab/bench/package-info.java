/** JMH benchmarks of boardlab; see the README's "Performance" section for how to run them. */
package org.boardlab.bench;
