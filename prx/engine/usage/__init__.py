"""Usage records behind ``prx stats``: what each call returned against the Unix baseline."""
