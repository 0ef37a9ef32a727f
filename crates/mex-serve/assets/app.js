// The playground page (filled in by the next commit).
