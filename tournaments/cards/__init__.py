"""Tables played with real cards (docs/club-night.md#the-result-page-leads-on): a round's
card tables chosen and their results entered from the players' phones and confirmed
(`card_results`), and what a card table's result page says comes next (`card_next`). The
push to their players' calls bars is `tournaments.pushes.card_calls`, below the formats
that send it."""
