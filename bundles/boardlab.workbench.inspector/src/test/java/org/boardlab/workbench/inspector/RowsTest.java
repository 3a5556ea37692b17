package org.boardlab.workbench.inspector;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RowsTest {

    @Test
    void growsDropsFromTheFrontAndFindsRows() {
        Rows rows = new Rows();
        for (long i = 0; i < 5000; i += 2) {
            rows.add(i);
        }

        assertThat(rows.size()).isEqualTo(2500);
        assertThat(rows.dropBefore(1001)).isEqualTo(501);
        assertThat(rows.get(0)).isEqualTo(1002);
        assertThat(rows.rowOf(1002)).isZero();
        assertThat(rows.rowOf(1003)).isEqualTo(-1);
        assertThat(rows.rowOf(4998)).isEqualTo(rows.size() - 1);
        for (long i = 5000; i < 9000; i += 2) {
            rows.add(i);
        }
        assertThat(rows.size()).isEqualTo(1999 + 2000);
        assertThat(rows.get(rows.size() - 1)).isEqualTo(8998);
        assertThat(rows.dropBefore(100_000)).isEqualTo(3999);
        assertThat(rows.size()).isZero();
    }

    @Test
    void movesTheRowsBeforeAnIndexToTheEndOfAnother() {
        Rows found = new Rows();
        for (long i = 10; i < 20; i++) {
            found.add(i);
        }
        Rows list = new Rows();
        list.add(3);

        assertThat(found.moveBefore(15, list)).isEqualTo(5);
        assertThat(found.size()).isEqualTo(5);
        assertThat(found.get(0)).isEqualTo(15);
        assertThat(list.size()).isEqualTo(6);
        assertThat(list.get(0)).isEqualTo(3);
        assertThat(list.get(5)).isEqualTo(14);
        assertThat(found.moveBefore(Long.MAX_VALUE, list)).isEqualTo(5);
        assertThat(found.size()).isZero();
        assertThat(list.get(10)).isEqualTo(19);
    }
}
