package org.boardlab.protocol.onitama;

/** Reading the protocol's texts: whole numbers separated by single blanks, as the original's sscanf reads them. */
public final class WireText {

    private WireText() {
    }

    /**
     * The numbers of {@code text}: each an optional {@code -} and one to nine digits, separated by
     * single blanks, nothing before the first or after the last.
     *
     * @return the numbers, or {@code null} if the text is not written so (empty, other characters,
     *         two blanks, a lone {@code -}, ten digits)
     */
    public static int[] numbers(String text) {
        if (text.isEmpty()) {
            return null;
        }
        String[] parts = text.split(" ", -1);
        int[] n = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            int digits = p.startsWith("-") ? p.length() - 1 : p.length();
            if (digits < 1 || digits > 9) {
                return null;
            }
            for (int k = p.length() - digits; k < p.length(); k++) {
                if (p.charAt(k) < '0' || p.charAt(k) > '9') {
                    return null;
                }
            }
            n[i] = Integer.parseInt(p);
        }
        return n;
    }

    /** {@code text} with every character outside printable ASCII as {@code \xNN}, cut to {@code max} characters. */
    public static String printable(String text, int max) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            if (b.length() >= max) {
                return b.append("...").toString();
            }
            char c = text.charAt(i);
            if (c >= 0x20 && c <= 0x7E && c != '\\') {
                b.append(c);
            } else if (c == '\\') {
                b.append("\\\\");
            } else {
                b.append(String.format("\\x%02X", (int) c & 0xFF));
            }
        }
        return b.toString();
    }
}
